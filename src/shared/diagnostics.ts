/**
 * How many of the newest lines of main's log "Copy diagnostics" takes (issue 38: "app version,
 * OS, last 200 log lines"). Main reads that many; Settings says so.
 */
export const DIAGNOSTIC_LOG_LINES = 200

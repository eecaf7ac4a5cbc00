import { configure } from '@testing-library/react'

// waitFor and findBy* give up after asyncUtilTimeout, 1 s by default: less than a React update can
// take on a loaded 2-core machine, where it failed component tests with "received null". Ten
// seconds is longer than any update here needs and still ends before vitest's 20 s test timeout,
// so a real failure reports the last assertion's own message. (A .tsx file, so that only the
// renderer's TypeScript project, the one with the DOM types, checks it.)
configure({ asyncUtilTimeout: 10_000 })

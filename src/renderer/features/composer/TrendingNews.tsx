import { useState, type FormEvent } from 'react'
import { Newspaper } from 'lucide-react'
import type { NewsStory } from '../../../shared/ipc/contracts/news'
import { PLATFORM_TOOL_LIMITS } from '../../../shared/rules/platformToolLimits'
import { Button } from '../../components/Button'
import { Field } from '../../components/Field'
import { Section } from '../../kits/editor/EditorShell'
import { failureOf } from '../../lib/failures'
import { studio, unwrap } from '../../lib/ipc'
import { useAction } from '../../lib/useAction'
import './trendingNews.css'

const WHEN: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }
const updated = (story: NewsStory) =>
  story.updatedAt === undefined
    ? 'Update time not given'
    : `Updated ${new Date(story.updatedAt).toLocaleString(undefined, WHEN)}`

/** The story's topics, then its keywords, each once whatever its case. */
function topicsOf(story: NewsStory): string[] {
  const seen = new Set<string>()
  return [...story.topics, ...story.keywords].filter((word) => {
    const key = word.toLowerCase()
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/**
 * Trending news for topical inspiration (platform document lines 134-135): stories on the
 * platform matching a topic, and one story opened with its name, summary and last update. Nothing
 * is sent until the designer looks something up.
 */
export function TrendingNews({ profileId }: { profileId: string | null }) {
  const [query, setQuery] = useState('')
  const [stories, setStories] = useState<NewsStory[] | null>(null)
  const [story, setStory] = useState<NewsStory | null>(null)
  const { busy, problem, setProblem, run } = useAction<string, string>((error) => failureOf(error).message)

  const search = (event: FormEvent) => {
    event.preventDefault()
    if (!profileId) return
    const topic = query.trim()
    if (topic.length < PLATFORM_TOOL_LIMITS.news.query.min) {
      setProblem('Type a topic to look up')
      return
    }
    void run('search', async () => {
      setStory(null)
      setStories((await unwrap(studio().news.search({ profileId, query: topic }))).stories)
    })
  }
  const openStory = (id: string) => {
    if (!profileId) return
    void run(`story:${id}`, async () => {
      setStory((await unwrap(studio().news.get({ profileId, id }))).story)
    })
  }

  return (
    <Section title="Trending news" hint="Stories people are talking about, for a topical post.">
      <form className="trending-news__search" onSubmit={search} role="search" aria-label="Trending news">
        <Field
          label="Topic"
          placeholder="For example: spring, running, coffee"
          value={query}
          maxLength={PLATFORM_TOOL_LIMITS.news.query.max}
          error={problem ?? undefined}
          hint={profileId ? 'Stories of the past week.' : 'Connect a profile to look up news.'}
          onChange={(event) => {
            setQuery(event.target.value)
            setProblem(null)
          }}
          data-testid="news-query"
        />
        <Button type="submit" busy={busy === 'search'} disabled={!profileId}>
          Look up news
        </Button>
      </form>
      {story ? (
        <article
          className="trending-news__story surface"
          aria-labelledby="news-story-title"
          data-testid="news-story"
        >
          <h3 id="news-story-title" className="trending-news__title">
            {story.name}
          </h3>
          <p className="muted">{[story.category, updated(story)].filter(Boolean).join(' · ')}</p>
          {story.summary ? <p>{story.summary}</p> : <p className="muted">No summary given.</p>}
          {story.hook ? <p className="muted">{story.hook}</p> : null}
          {topicsOf(story).length > 0 ? <p className="muted">Topics: {topicsOf(story).join(', ')}</p> : null}
          <Button variant="ghost" onClick={() => setStory(null)}>
            Back to the stories
          </Button>
        </article>
      ) : stories ? (
        stories.length === 0 ? (
          <p className="muted" role="status">
            No stories of the past week match “{query.trim()}”. Try a broader topic.
          </p>
        ) : (
          <ul className="trending-news__list" aria-label="Stories">
            {stories.map((item) => (
              <li key={item.id}>
                <Newspaper size={16} aria-hidden="true" className="muted" />
                <div>
                  <button
                    type="button"
                    className="link-button"
                    aria-busy={busy === `story:${item.id}` || undefined}
                    onClick={() => openStory(item.id)}
                    data-testid="news-result"
                  >
                    {item.name}
                  </button>
                  <p className="trending-news__meta muted">{updated(item)}</p>
                </div>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </Section>
  )
}

/**
 * The announcements meant for a contractor, above its jobs list: title, content, image, link and a
 * YouTube video link. On a phone each is one line (its title) that opens on a tap. A dismissed one stays
 * hidden for that user in this browser (there is no server call for it). Nothing shows when the call fails.
 */

import { Button, Callout } from '@blueprintjs/core';
import { useState } from 'react';
import { safeLink } from '../../../lib/safe-url.ts';
import { useSession } from '../../../lib/use-auth.ts';
import { useCurrentAnnouncements } from '../api/current-announcements.ts';

/** Where a user's dismissals are kept (localStorage, per user id). */
export const dismissedKey = (userId: number | undefined) => `rebate.hidden-announcements.${userId ?? 'anonymous'}`;
/** More than this fold under a button: the jobs stay on a phone's first screen. */
const SHOWN = 2;

function readDismissed(key: string): number[] {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : [];
  } catch {
    return [];
  }
}

type Announcement = NonNullable<ReturnType<typeof useCurrentAnnouncements>['data']>['items'][number];

/** One announcement; its image, link and video only when they are https (the one safe-URL rule). */
function Banner({ a, onHide }: { a: Announcement; onHide: () => void }) {
  const [open, setOpen] = useState(false);
  const image = safeLink(a.image_url);
  const link = safeLink(a.link);
  const video = safeLink(a.video_url);
  return (
    <Callout intent="primary" icon="notifications" className={`job-announcement${open ? ' open' : ''}`}>
      <h4 className="bp6-heading job-announcement-heading">
        <button type="button" className="job-announcement-title" aria-expanded={open} onClick={() => setOpen(!open)}>
          {a.title}
        </button>
      </h4>
      <Button
        className="job-announcement-dismiss"
        variant="minimal"
        size="small"
        icon="cross"
        aria-label={`Dismiss ${a.title}`}
        title="Dismiss"
        onClick={onHide}
      />
      <div className="job-announcement-body">
        {image && <img src={image} alt="" loading="lazy" className="job-announcement-image" />}
        <div>
          {a.content && <p className="job-announcement-content">{a.content}</p>}
          {(link || video) && (
            <div className="job-announcement-links">
              {video && (
                <a href={video} target="_blank" rel="noopener noreferrer">
                  Watch the video
                </a>
              )}
              {link && (
                <a href={link} target="_blank" rel="noopener noreferrer">
                  Learn more
                </a>
              )}
            </div>
          )}
        </div>
      </div>
    </Callout>
  );
}

export function JobAnnouncements() {
  const { data } = useCurrentAnnouncements(true);
  const key = dismissedKey(useSession()?.user.id);
  const [hidden, setHidden] = useState<number[]>(() => readDismissed(key));
  const [all, setAll] = useState(false);
  const items = (data?.items ?? []).filter((a) => !hidden.includes(a.id));
  const folded = all ? 0 : Math.max(0, items.length - SHOWN);
  if (!items.length) return null;
  const hide = (id: number) => {
    const next = [...hidden, id];
    setHidden(next);
    localStorage.setItem(key, JSON.stringify(next));
  };
  return (
    <section className="job-announcements" aria-label="Announcements">
      {items.slice(0, items.length - folded).map((a) => (
        <Banner key={a.id} a={a} onHide={() => hide(a.id)} />
      ))}
      {folded > 0 && (
        <Button
          className="job-announcements-more"
          variant="minimal"
          size="small"
          icon="chevron-down"
          text={`Show ${folded} more announcement${folded === 1 ? '' : 's'}`}
          onClick={() => setAll(true)}
        />
      )}
    </section>
  );
}

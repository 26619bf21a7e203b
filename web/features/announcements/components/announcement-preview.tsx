/** An announcement as a contractor sees it: title, dates, text, the video, the image and the link. */

import { AnchorButton, Card, Icon } from '@blueprintjs/core';
import type { AnnouncementFields } from '../api/get-announcement.ts';
import { safeLink } from '../../../lib/safe-url.ts';
import { showPeriod, youtubeId } from './announcement-text.ts';

export function AnnouncementPreview({ a }: { a: AnnouncementFields }) {
  const video = youtubeId(a.video_url);
  const image = safeLink(a.image_url);
  const link = safeLink(a.link);
  return (
    <Card className="announcement-card" elevation={1}>
      <div className="announcement-card-head">
        <Icon icon="notifications" intent="primary" />
        <div>
          <h3>{a.title || <span className="muted">Title</span>}</h3>
          <div className="muted announcement-card-dates">{showPeriod(a)}</div>
        </div>
      </div>
      {a.content ? (
        <div className="announcement-card-content">{a.content}</div>
      ) : (
        <p className="muted">The announcement's text shows here.</p>
      )}
      {video && (
        <div className="announcement-card-video">
          <iframe
            src={`https://www.youtube-nocookie.com/embed/${video}`}
            title={`Video: ${a.title}`}
            loading="lazy"
            allow="accelerometer; encrypted-media; gyroscope; picture-in-picture"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        </div>
      )}
      {image && <img className="announcement-card-image" src={image} alt="" loading="lazy" />}
      {link && (
        <AnchorButton
          className="announcement-card-link"
          href={link}
          target="_blank"
          rel="noopener noreferrer"
          endIcon="share"
          text="Learn more"
          intent="primary"
          variant="outlined"
        />
      )}
    </Card>
  );
}

import { useState } from 'react';
import { UnstyledButton, Text } from '@mantine/core';
import classes from './VideoFacade.module.css';

type Props = { youtubeId: string; title: string; channel?: string };

/**
 * A click-to-play facade: the page shows a plain button and loads nothing from the video host until
 * the learner asks for the video (faster pages, and no third-party request before a choice is made).
 */
export function VideoFacade({ youtubeId, title, channel }: Props) {
  const [playing, setPlaying] = useState(false);
  if (playing) {
    return (
      <div className={classes.frame}>
        <iframe
          src={`https://www.youtube-nocookie.com/embed/${youtubeId}?autoplay=1&rel=0`}
          title={title}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          loading="lazy"
        />
      </div>
    );
  }
  return (
    <UnstyledButton
      className={classes.facade}
      onClick={() => setPlaying(true)}
      aria-label={`Lire la vidéo : ${title}`}
    >
      <span className={classes.play} aria-hidden="true" />
      <Text fw={700} c="white" ta="center" px="md">
        {title}
      </Text>
      {channel && (
        <Text size="sm" c="gray.2">
          {channel} · YouTube
        </Text>
      )}
    </UnstyledButton>
  );
}

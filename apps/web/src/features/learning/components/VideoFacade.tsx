import { useState } from 'react';
import { UnstyledButton, Text } from '@mantine/core';
import { vimeoPlayerUrl } from '../vimeo-player-url';
import classes from './VideoFacade.module.css';

type Props = { vimeoId: string; vimeoHash?: string; title: string };

/**
 * A click-to-play facade: the page shows a plain button and loads nothing from the video host until
 * the learner asks for the video (faster pages, and no third-party request before a choice is made).
 */
export function VideoFacade({ vimeoId, vimeoHash, title }: Props) {
  const [playing, setPlaying] = useState(false);
  if (playing) {
    return (
      <div className={classes.frame}>
        <iframe
          src={vimeoPlayerUrl(vimeoId, vimeoHash)}
          title={title}
          allow="autoplay; fullscreen; picture-in-picture"
          allowFullScreen
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
      <Text size="sm" c="gray.2">
        Vimeo · chargée quand vous la lancez
      </Text>
    </UnstyledButton>
  );
}

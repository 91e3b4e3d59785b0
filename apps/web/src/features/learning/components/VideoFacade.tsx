import { UnstyledButton, Text } from '@mantine/core';
import { vimeoPlayerUrl } from '../vimeo-player-url';
import classes from './VideoFacade.module.css';

type Props = { vimeoId: string; vimeoHash?: string; title: string };

/**
 * A click-to-play facade: the page shows a plain button and loads nothing from the video host until the
 * learner asks for the video (faster pages, and no third-party request before a choice is made). The
 * 'video-facade' island (src/islands/video-facade.ts) puts the player in its place; the button is disabled
 * until then.
 */
export function VideoFacade({ vimeoId, vimeoHash, title }: Props) {
  return (
    <UnstyledButton
      className={classes.facade}
      data-island="video-facade"
      data-player={vimeoPlayerUrl(vimeoId, vimeoHash)}
      data-frame-class={classes.frame}
      data-title={title}
      disabled
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

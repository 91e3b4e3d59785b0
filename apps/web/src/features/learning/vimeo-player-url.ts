/**
 * The address of a course video in Vimeo's player. `dnt=1` keeps the player from tracking the learner; autoplay
 * is asked for because the player only appears once the learner has pressed play on the facade. A video shared by
 * private link needs its key (`h`); the two without one are shown as the original course showed them, without
 * the title, author line and portrait over the picture.
 */
export function vimeoPlayerUrl(id: string, hash: string | undefined): string {
  const params = new URLSearchParams(hash ? { h: hash } : { title: '0', byline: '0', portrait: '0' });
  params.set('dnt', '1');
  params.set('autoplay', '1');
  return `https://player.vimeo.com/video/${id}?${params.toString()}`;
}

/**
 * The Content-Security-Policy of every page: no inline script anywhere (the built app loads its
 * scripts from files), styles inline allowed because the component library sets CSS variables at run time.
 */
export function contentSecurityPolicy(options: {
  upgradeInsecureRequests: boolean;
  /**
   * The recitation host (AUDIO_BASE_URL's origin): the reader plays from it, downloads a chapter from it, and the
   * service worker fetches from it on the page's behalf (the worker runs under the policy of its own script).
   */
  audioOrigin: string;
}): Record<string, string[] | null> {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", options.audioOrigin],
    mediaSrc: ["'self'", 'https:', 'blob:', options.audioOrigin],
    // The course videos' player (REFERENCE §4) is the only page another site may show inside ours.
    frameSrc: ['https://player.vimeo.com'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'self'"],
    // Only behind HTTPS (production): on a plain-http machine it would break every request.
    upgradeInsecureRequests: options.upgradeInsecureRequests ? [] : null,
  };
}

import type { Page } from '@playwright/test';

/** A short WAV clip (a quiet tone) made in the test: the recitations are stood in for, never downloaded. */
export function wavClip(seconds: number): Buffer {
  const rate = 8000;
  const samples = Math.round(rate * seconds);
  const buffer = Buffer.alloc(44 + samples * 2);
  buffer.write('RIFF', 0);
  buffer.writeUInt32LE(36 + samples * 2, 4);
  buffer.write('WAVE', 8);
  buffer.write('fmt ', 12);
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20); // PCM
  buffer.writeUInt16LE(1, 22); // mono
  buffer.writeUInt32LE(rate, 24);
  buffer.writeUInt32LE(rate * 2, 28);
  buffer.writeUInt16LE(2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write('data', 36);
  buffer.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++)
    buffer.writeInt16LE(Math.round(800 * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + i * 2);
  return buffer;
}

/**
 * Answers every recitation address (AUDIO_BASE_URL, by default the public audio files) with a generated
 * clip, records which ones were asked for, and fails those for which `fails` says so (a 404).
 */
export async function serveRecitations(
  page: Page,
  options: { seconds?: number; fails?: (url: string) => boolean } = {},
) {
  const requested: string[] = [];
  const clip = wavClip(options.seconds ?? 0.3);
  await page.route(/\/quran\/audio\/.*\.mp3$/, async (route) => {
    const url = route.request().url();
    requested.push(url);
    if (options.fails?.(url)) return route.fulfill({ status: 404, body: '' });
    return route.fulfill({ status: 200, contentType: 'audio/wav', body: clip });
  });
  return requested;
}

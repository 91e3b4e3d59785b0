export * from './envelope.js';
export * from './health.js';
export * from './quran.js';
export * from './hadith.js';
export * from './learning.js';

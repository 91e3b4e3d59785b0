/**
 * The check every chosen password passes (registering, from an invitation, after a reset, on the profile, and the
 * administrators' user:create command), on the server only: zxcvbn-ts estimates how many guesses a password
 * resists, with the lists of its maintained packages (the passwords of public breaches, the common words, first
 * names and last names of English and French, keyboard patterns). The dictionaries weigh megabytes, so they are
 * not shipped to the browser: the forms show the server's reason.
 */
import type { ZxcvbnFactory, ZxcvbnResult } from '@zxcvbn-ts/core';
import { AppError } from '../../lib/app-error.js';

/** A new password and its confirmation differ (a reset, the profile's change). */
export const PASSWORDS_DIFFER = "Passwords don't match. Please try again.";
export const PASSWORD_TOO_COMMON =
  'This password is too common: it appears in lists of leaked passwords. Choose another.';
export const PASSWORD_ABOUT_YOU =
  'This password is too easy to guess: it contains your name or e-mail address. Choose another.';
export const PASSWORD_ABOUT_SITE =
  "This password is too easy to guess: it contains this site's name. Choose another.";
const TOO_EASY = 'This password is too easy to guess.';
const CHOOSE_LONGER = 'Choose a longer one, for example a few words that do not go together.';

/**
 * zxcvbn's score 3 and above: at least 10^8 guesses. Online guessing is already stopped by the login lockout
 * (guess-limits.ts); the score is about a stolen copy of the database, where an attacker tries guesses against the
 * argon2id hashes at their own pace. zxcvbn's authors call 3 "safely unguessable: moderate protection from an
 * offline slow-hash scenario", and 2 (10^6 guesses, minutes of such an attack) protection from online guessing
 * only. 4 would refuse passphrases of three everyday words that 3 accepts ("correct horse battery").
 */
const MIN_PASSWORD_SCORE = 3;

/**
 * Words of this site that a password made for it tends to contain. The pairs are listed whole, in both orders: as two
 * separate words, "hadithcoran1987" would count as two guesses' worth of words rather than one.
 */
export const SITE_WORDS = ['coran', 'hadith', 'coranhadith', 'coran-hadith', 'hadithcoran', 'hadith-coran'];

/**
 * What a check may cost: it runs on the event loop. zxcvbn tries every substring against every list, also with l33t
 * substitutions ("p@ssw0rd"); with the English and French lists a random 32-character password took 0.7–1.7 s at
 * the package's defaults (100 substitutions, 256 characters). 5 substitutions still catch the l33t spellings of
 * listed passwords, and the first 64 characters decide (a password whose first 64 are weak is weak, one whose first
 * 64 are strong is strong). Measured so (2 shared cores, load 3): the first check ~0.9 s (loading and indexing,
 * +51 MB of heap), then 14 ms for a typical password, 40 ms for 32 random characters, ~100 ms (at most 270) for 64
 * or more. The calls that set a password are rare, and limited per address or behind a login.
 */
const CHECK_LIMITS = { l33tMaxSubstitutions: 5, maxLength: 64 };

/** The checker, built once on first use: loading and indexing the dictionaries takes a fraction of a second. */
let checker: Promise<ZxcvbnFactory> | undefined;

function loadChecker(): Promise<ZxcvbnFactory> {
  checker ??= (async () => {
    const [{ ZxcvbnFactory }, common, en, fr] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
      import('@zxcvbn-ts/language-fr'),
    ]);
    return new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...en.dictionary, ...fr.dictionary },
      graphs: common.adjacencyGraphs,
      translations: en.translations,
      ...CHECK_LIMITS,
    });
  })();
  // A failed load is not kept: the next call tries again.
  checker.catch(() => {
    checker = undefined;
  });
  return checker;
}

/** What the person told about themselves: a password built from it is the first an attacker tries. */
export type PasswordOwner = { email?: string; firstName?: string; lastName?: string };

function personalWords(owner: PasswordOwner): string[] {
  const email = owner.email?.trim().toLowerCase();
  const localPart = email?.split('@')[0];
  return [email, localPart, ...(localPart?.split(/[._+-]+/) ?? []), owner.firstName, owner.lastName]
    .map((word) => word?.trim())
    .filter((word): word is string => word !== undefined && word.length >= 3);
}

/** Why the password is refused, or undefined when it is accepted. */
function refusalOf(result: ZxcvbnResult): string | undefined {
  if (result.score >= MIN_PASSWORD_SCORE) return undefined;
  const [only, ...others] = result.sequence;
  // The whole password is one entry of a list (as typed, reversed or with l33t substitutions).
  if (only?.pattern === 'dictionary' && others.length === 0) {
    if (only.dictionaryName === 'passwords-common') return PASSWORD_TOO_COMMON;
  }
  const fromInputs = result.sequence.filter((match) => match.dictionaryName === 'userInputs');
  if (fromInputs.some((match) => !SITE_WORDS.includes(match.matchedWord ?? ''))) return PASSWORD_ABOUT_YOU;
  if (fromInputs.length > 0) return PASSWORD_ABOUT_SITE;
  const warning = result.feedback.warning;
  return [TOO_EASY, warning, CHOOSE_LONGER].filter(Boolean).join(' ');
}

/**
 * Refuses (400, with the reason) a password that is common, built from the person's own name or address, or
 * otherwise guessable in fewer than 10^8 tries. Call before anything is written, so a refusal changes nothing.
 */
export async function assertPasswordStrongEnough(password: string, owner: PasswordOwner = {}): Promise<void> {
  const zxcvbn = await loadChecker();
  const refusal = refusalOf(zxcvbn.check(password, [...personalWords(owner), ...SITE_WORDS]));
  if (refusal) throw AppError.badRequest(refusal);
}

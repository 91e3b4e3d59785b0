/**
 * The reciter across a signed-in reader's devices: read from and kept on their account
 * (features/quran/account-reciter.ts, loaded only for a browser that holds a session). Nothing for a visitor.
 */
export type ReciterAccount = {
  /** The reciter kept on the account, or null (none chosen yet, no session, or no connection). */
  recall(): Promise<string | null>;
  keep(reciter: string): void;
};

export function reciterAccount(signedIn: boolean): ReciterAccount {
  if (!signedIn) return { recall: () => Promise.resolve(null), keep: () => {} };
  const account = import('./account-reciter');
  return {
    recall: () => account.then((calls) => calls.accountReciter()).catch(() => null),
    keep: (reciter) => {
      // Kept on this device already: an account out of reach is no reason to bother the reader.
      account.then((calls) => calls.keepAccountReciter(reciter)).catch(() => {});
    },
  };
}

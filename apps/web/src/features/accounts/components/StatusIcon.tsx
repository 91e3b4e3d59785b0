import classes from './accounts.module.css';

/** The big icon above a result: a green tick or a red exclamation mark. Decorative: the heading says it. */
export function StatusIcon({ kind }: { kind: 'success' | 'error' }) {
  const color = kind === 'success' ? 'var(--mantine-color-green-8)' : 'var(--mantine-color-red-8)';
  return (
    <svg className={classes.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false" data-status={kind}>
      <circle cx="12" cy="12" r="10.5" fill="none" stroke={color} strokeWidth="1.5" />
      {kind === 'success' ? (
        <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke={color} strokeWidth="2" strokeLinecap="round" />
      ) : (
        <>
          <path d="M12 6.5v7" stroke={color} strokeWidth="2" strokeLinecap="round" />
          <circle cx="12" cy="17" r="1.2" fill={color} />
        </>
      )}
    </svg>
  );
}

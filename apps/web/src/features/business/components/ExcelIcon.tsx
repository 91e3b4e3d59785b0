/** A spreadsheet sheet with an X, in Excel's green (the report is an .xlsx file). Decorative. */
export function ExcelIcon({ size = 24 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z" fill="#1d6f42" />
      <path d="M14 2v6h6" fill="#7fbf9a" />
      <path
        d="M8.5 11.5l2.2 3.2-2.3 3.3h1.7l1.5-2.3 1.5 2.3h1.7l-2.3-3.3 2.2-3.2h-1.7l-1.4 2.1-1.4-2.1z"
        fill="#ffffff"
      />
    </svg>
  );
}

import { noteText, notesFor, type TranslationNote } from '../lib/fr-hamidullah-notes';
import classes from './TranslationNotes.module.css';

type Quoted = { sourate: number; versets: readonly number[]; texte: string };

/** The site's notes on the typos of the published French text, in small print under the text they concern. */
export function TranslationNotes({ notes }: { notes: readonly TranslationNote[] }) {
  return notes.map((note) => (
    <p key={`${note.verse} ${note.published}`} className={classes.note}>
      Note : {noteText(note)}
    </p>
  ));
}

/** The notes for the verses a text quotes, each once. */
export function QuotationNotes({ quotations }: { quotations: readonly Quoted[] | undefined }) {
  const notes = (quotations ?? []).flatMap((q) => notesFor(q.sourate, q.versets, q.texte));
  return <TranslationNotes notes={[...new Set(notes)]} />;
}

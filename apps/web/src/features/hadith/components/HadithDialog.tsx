import type { ReactNode } from 'react';
import { List, Stack, Text } from '@mantine/core';
import type { HadithDetail, HadithTextSources } from '@app/contracts';
import { ArabicText } from '../../../components/ArabicText';
import { DialogCloseButton } from '../../../components/DialogCloseButton';
import { MixedText } from '../../../components/MixedText';
import classes from './HadithDialog.module.css';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text fw={700} size="sm" c="var(--site-accent-text)">
        {label}
      </Text>
      {children}
    </div>
  );
}

/**
 * Who wrote each text shown: the bundled hadith say it one by one; an answer without `sources` came from
 * HadeethEnc itself, every text included.
 */
function TextSources({ sources }: { sources: HadithTextSources | undefined }) {
  if (!sources) return <Text>Tous les textes : HadeethEnc (hadeethenc.com)</Text>;
  return (
    <List spacing={2} size="sm">
      <List.Item>Texte arabe : {sources.arabic}</List.Item>
      <List.Item>Traduction française : {sources.french}</List.Item>
      <List.Item>Explication et enseignements : {sources.explanation}</List.Item>
    </List>
  );
}

/**
 * The detail of one hadith (SPEC §2.1): a native modal dialog, opened by the 'hadith-browser' island — focus
 * moves in and comes back to the 'Détail' button; Escape, the backdrop and 'Fermer' close it. Drawn open, so
 * that a reader without scripts sees it too. Beyond the spec, the French explanation and lessons.
 */
export function HadithDialog({ hadith }: { hadith: HadithDetail }) {
  return (
    <dialog open className={classes.dialog} aria-labelledby="hadith-title" data-hadith-dialog>
      <div className={classes.content}>
        <div className={classes.header}>
          <h2 id="hadith-title" className={classes.title}>
            {hadith.title}
          </h2>
          <DialogCloseButton label="Fermer la fenêtre" />
        </div>
        <Stack gap="md">
          <Text size="lg">
            <MixedText>{hadith.hadeeth}</MixedText>
          </Text>
          <Field label="Attribution">
            <Text>{hadith.attribution}</Text>
          </Field>
          <Field label="Grade">
            <Text>{hadith.grade}</Text>
          </Field>
          {hadith.explanation && (
            <Field label="Explication">
              <Text>
                <MixedText>{hadith.explanation}</MixedText>
              </Text>
            </Field>
          )}
          {hadith.hints.length > 0 && (
            <Field label="Enseignements">
              <List spacing={4}>
                {hadith.hints.map((hint) => (
                  <List.Item key={hint}>
                    <MixedText>{hint}</MixedText>
                  </List.Item>
                ))}
              </List>
            </Field>
          )}
          <Field label="Le hadith en arabe">
            <ArabicText size="lg">{hadith.hadeeth_ar}</ArabicText>
          </Field>
          <Field label="Explication (en arabe)">
            <ArabicText size="md">{hadith.explanation_ar}</ArabicText>
          </Field>
          <Field label="Grade (en arabe)">
            <ArabicText size="md">{hadith.grade_ar}</ArabicText>
          </Field>
          <Field label="Provenance des textes">
            <TextSources sources={hadith.sources} />
          </Field>
          <div className={classes.footer}>
            <button type="button" className={classes.closeButton} data-close>
              Fermer
            </button>
          </div>
        </Stack>
      </div>
    </dialog>
  );
}

import type { ReactNode } from 'react';
import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Button.css';
import type { HadithDetail, HadithTextSources } from '@app/contracts';
import { ArabicText } from '../../../components/ArabicText';
import { MixedText } from '../../../components/MixedText';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text fw={700} size="sm" c="teal.9">
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
 * The detail of one hadith (SPEC §2.1): a proper dialog — focus moves in and comes back to the 'Détail'
 * button, Escape, the backdrop and 'Fermer' close it. Beyond the spec, the French explanation and lessons.
 */
export function HadithDialog({ hadith, onClose }: { hadith: HadithDetail; onClose: () => void }) {
  return (
    <Modal.Root opened onClose={onClose} size="xl" returnFocus>
      <Modal.Overlay />
      <Modal.Content>
        {/* A div, not Mantine's <header>: the page already has its banner landmark. */}
        <Modal.Header component="div">
          <Modal.Title fw={700} fz="h3">
            {hadith.title}
          </Modal.Title>
          <Modal.CloseButton aria-label="Fermer la fenêtre" />
        </Modal.Header>
        <Modal.Body>
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
            <Group justify="flex-end">
              <Button onClick={onClose}>Fermer</Button>
            </Group>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

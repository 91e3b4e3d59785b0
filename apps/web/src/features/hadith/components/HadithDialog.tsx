import type { ReactNode } from 'react';
import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Button.css';
import type { HadithDetail } from '@app/contracts';
import { ArabicText } from '../../learning/components/ArabicText';
import { MixedText } from '../../learning/components/MixedText';

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
            <Group justify="flex-end">
              <Button onClick={onClose}>Fermer</Button>
            </Group>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

import { Badge, Card, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import type { InvocationCategory } from '@app/contracts';
import { ArabicText } from '../components/ArabicText';
import { LearningPage } from '../components/LearningPage';
import { MixedText } from '../components/MixedText';

const DEFAULT_CATEGORY = 'Invocations du quotidien';

function Invocations({ categories }: { categories: InvocationCategory[] }) {
  // The chosen category is in the address (?categorie=…), so it survives a reload and can be shared.
  const [params, setParams] = useSearchParams();
  const chosen =
    categories.find((c) => c.title === params.get('categorie')) ??
    categories.find((c) => c.title === DEFAULT_CATEGORY);
  const category = chosen ?? categories[0];
  if (!category) return null;

  return (
    <>
      <NativeSelect
        label="Choisissez une catégorie"
        data={categories.map((c) => c.title)}
        value={category.title}
        onChange={(event) => setParams({ categorie: event.currentTarget.value }, { replace: true })}
        maw={420}
        mb="xl"
      />
      <Title order={2} size="h3" mb="md">
        {category.title}
      </Title>
      <Stack gap="lg">
        {category.invocations.map((invocation) => (
          <Card key={invocation.invocation_arabe} withBorder padding="lg" component="article">
            <ArabicText size="lg">{invocation.invocation_arabe}</ArabicText>
            <Text fs="italic" c="gray.7" mt="sm">
              {invocation.invocation_transliteration}
            </Text>
            <Text mt="sm" fw={500}>
              {invocation.invocation_francais}
            </Text>
            <Text mt="sm" size="sm">
              <Text span fw={700}>
                Raison :
              </Text>{' '}
              <MixedText>{invocation.raison}</MixedText>
            </Text>
            <Badge variant="light" color="gray" mt="md" tt="none" fw={500} size="lg" radius="sm">
              Source : {invocation.source}
            </Badge>
          </Card>
        ))}
      </Stack>
    </>
  );
}

export function InvocationsPage() {
  return (
    <LearningPage<InvocationCategory[]>
      title="Invocations"
      intro="Des invocations authentiques pour chaque moment de la journée, tirées du Coran et de la Sunna, avec leur source."
      file="invocations.json"
    >
      {(categories) => <Invocations categories={categories} />}
    </LearningPage>
  );
}

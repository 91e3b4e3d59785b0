import { NativeSelect } from '@mantine/core';
import type { InvocationCategory } from '@app/contracts';
import { QuotationNotes } from '../../../components/TranslationNotes';
import { ArabicText } from '../../../components/ArabicText';
import { LearningPage } from '../components/LearningPage';
import { MixedText } from '../../../components/MixedText';
import classes from '../components/learning.module.css';

const DEFAULT_CATEGORY = 'Invocations du quotidien';

function CategorySection({ category, shown }: { category: InvocationCategory; shown: boolean }) {
  return (
    <section data-category={category.title} hidden={!shown}>
      <h2 className={classes.sectionTitle}>{category.title}</h2>
      <div className={classes.stack}>
        {category.invocations.map((invocation) => (
          <article key={invocation.invocation_arabe} className={classes.card}>
            <ArabicText size="lg">{invocation.invocation_arabe}</ArabicText>
            <p className={classes.text}>
              <em>{invocation.invocation_transliteration}</em>
            </p>
            <p className={classes.text} style={{ fontWeight: 500, fontSize: '1rem' }}>
              {invocation.invocation_francais}
            </p>
            {invocation.coran && (
              <QuotationNotes quotations={[{ ...invocation.coran, texte: invocation.invocation_francais }]} />
            )}
            <p className={classes.text}>
              <span className={classes.label}>Raison :</span> <MixedText>{invocation.raison}</MixedText>
            </p>
            <p className={classes.muted}>Source : {invocation.source}</p>
          </article>
        ))}
      </div>
    </section>
  );
}

/**
 * Every category is in the page, the daily invocations shown: the 'category-choice' island
 * (src/islands/category-choice.ts) shows the one chosen, and keeps it in the address (?categorie=…) so it
 * survives a reload and can be shared.
 */
function Invocations({ categories }: { categories: InvocationCategory[] }) {
  const shown = (categories.find((c) => c.title === DEFAULT_CATEGORY) ?? categories[0])?.title;
  return (
    <div data-island="category-choice">
      <NativeSelect
        label="Choisissez une catégorie"
        data={categories.map((c) => c.title)}
        defaultValue={shown}
        maw={420}
        mb="xl"
      />
      {categories.map((category) => (
        <CategorySection key={category.title} category={category} shown={category.title === shown} />
      ))}
    </div>
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

import { Link } from 'react-router';
import type { Prophet } from '@app/contracts';
import { QuotationNotes } from '../../../components/TranslationNotes';
import { ArabicText } from '../../../components/ArabicText';
import { LearningPage } from '../components/LearningPage';
import { MixedText } from '../../../components/MixedText';
import classes from '../components/learning.module.css';

function ChapterLinks({ chapters }: { chapters: number[] }) {
  return (
    <p className={classes.muted}>
      Cité dans les sourates{' '}
      {chapters.map((chapter, index) => (
        <span key={chapter}>
          {index > 0 && ', '}
          <Link to={`/coran/${chapter}`}>{chapter}</Link>
        </span>
      ))}
      .
    </p>
  );
}

export function ProphetsPage() {
  return (
    <LearningPage<Prophet[]>
      title="Les Prophètes de l'Islam"
      intro="Les vingt-cinq prophètes nommés dans le Coran, d'Adam à Muhammad ﷺ, avec les sourates qui les mentionnent."
      file="propheteHistory.json"
    >
      {(prophets) => (
        <div className={classes.grid}>
          {prophets.map((prophet) => (
            <article key={prophet.nom} className={classes.card}>
              <div className={classes.cardHeader}>
                <h2 className={classes.title}>
                  <MixedText>{prophet.nom}</MixedText>
                </h2>
                <ArabicText size="lg" component="span">
                  {prophet.nom_arabe}
                </ArabicText>
              </div>
              <p className={classes.text}>
                <span className={classes.label}>Rôle :</span> <MixedText>{prophet.role}</MixedText>
              </p>
              <p className={classes.text}>
                <MixedText>{prophet.histoire}</MixedText>
              </p>
              <QuotationNotes quotations={prophet.citations} />
              <ChapterLinks chapters={prophet.sourates} />
            </article>
          ))}
        </div>
      )}
    </LearningPage>
  );
}

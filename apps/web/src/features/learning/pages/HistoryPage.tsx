import type { HistoryPeriod } from '@app/contracts';
import { QuotationNotes } from '../../../components/TranslationNotes';
import { LearningPage } from '../components/LearningPage';
import { MixedText } from '../../../components/MixedText';
import classes from '../components/learning.module.css';

function Period({ period, index }: { period: HistoryPeriod; index: number }) {
  return (
    <section aria-labelledby={`periode-${index}`}>
      <h2 className={classes.sectionTitle} id={`periode-${index}`}>
        <MixedText>{period.titre_periode}</MixedText>
      </h2>
      <ol className={classes.timeline}>
        {period.evenements.map((event) => (
          <li key={`${event.date}-${event.titre}`} className={classes.event}>
            <h3 className={classes.eventTitle}>
              <MixedText>{event.titre}</MixedText>
            </h3>
            <p className={classes.date}>{event.date}</p>
            <p className={classes.text}>
              <MixedText>{event.description}</MixedText>
            </p>
            <QuotationNotes quotations={event.citations} />
          </li>
        ))}
      </ol>
    </section>
  );
}

export function HistoryPage() {
  return (
    <LearningPage<{ historiqueMusulman: HistoryPeriod[] }>
      title="Chronologie des Événements"
      intro="Les grandes étapes de l'histoire musulmane, de la première révélation à nos jours."
      file="histoire.json"
    >
      {({ historiqueMusulman }) => (
        <div className={classes.stack} style={{ gap: 48 }}>
          {historiqueMusulman.map((period, index) => (
            <Period key={period.titre_periode} period={period} index={index} />
          ))}
        </div>
      )}
    </LearningPage>
  );
}

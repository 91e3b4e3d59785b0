import type { DivineName } from '@app/contracts';
import { QuotationNotes } from '../../../components/TranslationNotes';
import { ArabicText } from '../../../components/ArabicText';
import { LearningPage } from '../components/LearningPage';
import { MixedText } from '../../../components/MixedText';
import classes from '../components/learning.module.css';

export function DivineNamesPage() {
  return (
    <LearningPage<DivineName[]>
      title="Les Noms Divins d'Allah (Asma ul Husna)"
      intro="Les quatre-vingt-dix-neuf noms dans l'ordre de la liste rapportée par at-Tirmidhî (n° 3507), qui compte « Allah » parmi eux. Comme la liste couramment récitée, celle-ci ne le compte pas à part et ajoute Al-Ahad (n° 67) après Al-Wâhid."
      file="namesOfAllah.json"
    >
      {(names) => (
        <ol className={classes.grid}>
          {names.map((name) => (
            <li key={name.number} className={classes.card}>
              <div className={classes.cardHeader}>
                <span className={classes.number} aria-label={`Nom n° ${name.number}`}>
                  {name.number}
                </span>
                <ArabicText size="xl" component="span">
                  {name.name}
                </ArabicText>
              </div>
              <h2 className={classes.title}>{name.transliteration}</h2>
              <p className={classes.accent}>{name.meaning}</p>
              <p className={classes.text}>
                <MixedText>{name.description}</MixedText>
              </p>
              <QuotationNotes quotations={name.citations} />
            </li>
          ))}
        </ol>
      )}
    </LearningPage>
  );
}

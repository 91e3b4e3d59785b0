import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { PageTitle } from '../../../components/PageTitle';

/** Who wrote, translated and recited what the site shows, and under which licence. */
export function SourcesPage() {
  return (
    <Stack gap="xl" maw={820}>
      <div>
        <PageTitle>Sources et licences</PageTitle>
        <Text>
          Les textes religieux sont cités mot pour mot d'après les sources ci-dessous ; chaque écart avec la
          source (la ponctuation perdue d'une copie, un mot corrigé d'après le recueil cité) est signalé là où
          il se trouve. Les textes rédigés pour ce site (descriptions, récits, explications, leçons) sont
          publiés sous licence{' '}
          <Anchor href="https://creativecommons.org/licenses/by-sa/4.0/deed.fr">CC BY-SA 4.0</Anchor>.
        </Text>
      </div>

      <section>
        <Title order={2} size="h3" mb="xs">
          Le Coran
        </Title>
        <List spacing="xs">
          <List.Item>
            Texte arabe : texte du Complexe du Roi Fahd pour l'impression du Noble Coran (écriture uthmanie,
            lecture de Hafs), tel que le publie <Anchor href="https://quranenc.com">QuranEnc.com</Anchor>,
            repris du paquet <em>quran-json</em> 3.1.2 de Risan Bagja Pradana (licence CC BY-SA 4.0).
          </List.Item>
          <List.Item>
            Traduction française de Muhammad Hamidullah : édition <em>fr.hamidullah</em> de{' '}
            <Anchor href="https://tanzil.net/trans/">Tanzil.net</Anchor>, reprise du même paquet{' '}
            <em>quran-json</em>, dont la copie a perdu la ponctuation qui termine chaque verset chez Tanzil.
            Tanzil la met à disposition pour un usage non commercial seulement (« for non-commercial purposes
            only ») : ce site est gratuit, sans publicité, et ne vend rien de ces textes.
          </List.Item>
          <List.Item>
            Translittération : édition <em>en.transliteration</em> de Tanzil.net, reprise du paquet{' '}
            <em>quran-json</em>, aux mêmes conditions.
          </List.Item>
          <List.Item>
            Récitations : Ali al-Hudhaify (arabe) et la lecture française de Youssouf Leclerc, fichiers audio
            publics d'Islamic Network (alquran.cloud, cdn.islamic.network), qui les a repris de
            GlobalQuran.com. Les droits des enregistrements restent à leurs récitants ; ils sont écoutés ici
            pour l'étude, sans usage commercial.
          </List.Item>
          <List.Item>
            Police du texte coranique : KFGQPC Uthmanic Script HAFS, © 2010 Complexe du Roi Fahd pour
            l'impression du Noble Coran, dont la licence permet l'usage, la copie et la diffusion gratuits,
            sans vente ni modification : le fichier de la police est servi tel quel.
          </List.Item>
          <List.Item>
            Numéros de juz et de page : paquet <em>quran-meta</em> (licence MIT).
          </List.Item>
        </List>
      </section>

      <section>
        <Title order={2} size="h3" mb="xs">
          Les hadiths
        </Title>
        <List spacing="xs">
          <List.Item>
            Textes arabes, degrés d'authenticité et catégories :{' '}
            <Anchor href="https://hadeethenc.com">HadeethEnc.com</Anchor>, l'Encyclopédie des hadiths
            prophétiques traduits, qui en permet la reprise sans modification, ajout ni suppression, en citant
            l'éditeur et la source ; quelques textes arabes d'après l'édition de leur recueil publiée par le
            projet <em>hadith-api</em>. Trois textes arabes où un mot différait du recueil cité ont été
            corrigés d'après lui, et le disent.
          </List.Item>
          <List.Item>
            Chaque hadith cite son recueil et son numéro (Al-Bukhârî, Muslim, Abû Dâwûd, At-Tirmidhî,
            An-Nasâ'î, Ibn Mâjah…), et sa fiche dit d'où vient chacun de ses textes. Les traductions
            françaises, les explications et les enseignements (en français et en arabe) reprennent ceux de
            HadeethEnc pour une partie des hadiths ; les autres ont été rédigés pour ce site, fidèlement au
            texte arabe cité, et leur fiche l'indique.
          </List.Item>
        </List>
      </section>

      <section>
        <Title order={2} size="h3" mb="xs">
          Invocations, noms divins, prophètes, histoire
        </Title>
        <List spacing="xs">
          <List.Item>
            Invocations : chaque carte indique sa source (sourate et verset, ou recueil et numéro de hadith).
            Les versets sont cités dans la traduction de Muhammad Hamidullah ; les invocations du hadith sont
            traduites pour ce site. Sélection guidée par <em>La Citadelle du musulman</em> (Hisn al-Muslim) de
            Sa'îd al-Qahtânî.
          </List.Item>
          <List.Item>
            Les 99 noms : la liste couramment récitée, dans l'ordre de celle rapportée par at-Tirmidhî (Jâmi',
            n° 3507) d'après Abû Hurayra, sans « Allah », qu'at-Tirmidhî compte parmi eux, et avec Al-Ahad (n°
            67), qui n'y figure pas ; descriptions rédigées pour ce site, avec leurs références coraniques.
          </List.Item>
          <List.Item>
            Prophètes : récits rédigés pour ce site d'après le Coran ; chaque sourate citée a été vérifiée
            dans le texte.
          </List.Item>
          <List.Item>
            Chronologie : rédigée pour ce site d'après les dates communément admises par les historiens.
          </List.Item>
        </List>
      </section>

      <section>
        <Title order={2} size="h3" mb="xs">
          Cours d'arabe et polices
        </Title>
        <List spacing="xs">
          <List.Item>
            Leçons écrites, dialogue et illustrations créés pour ce site. Les dix vidéos sont celles du cours
            d'origine, hébergées sur Vimeo : elles restent la propriété de leur auteur et sont lues dans le
            lecteur de Vimeo, sans suivi, seulement quand vous en lancez une.
          </List.Item>
          <List.Item>
            Police arabe Amiri (The Amiri Project Authors, Khaled Hosny), licence{' '}
            <Anchor href="https://openfontlicense.org">SIL Open Font License 1.1</Anchor>, réduite aux
            caractères arabes des textes du site (la police entière reste servie pour tout autre caractère).
          </List.Item>
        </List>
      </section>
    </Stack>
  );
}

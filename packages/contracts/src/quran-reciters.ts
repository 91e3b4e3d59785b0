/**
 * The verse-by-verse recitations the reader offers, all from the same recitation host (AUDIO_BASE_URL, by
 * default cdn.islamic.network). Each edition's identifier and names are those of alquran.cloud's edition
 * list (GET /v1/edition?format=audio&type=versebyverse); the bit rates are the folders that host really has
 * for it, as published in its own listing (github.com/islamic-network/cdn, info/cdn.txt, commit d9ccc27):
 * the first is served as `audio`, the others as `audioSecondary`. A bit rate the host lacks would be a
 * recitation that never loads, so none is assumed.
 */
export type QuranReciter = {
  identifier: string;
  /** Arabic name, as alquran.cloud gives it. */
  name: string;
  /** As alquran.cloud gives it. */
  englishName: string;
  /** How the French site names the reciter. */
  label: string;
  /** The host's folders for this edition, in kbit/s, the one served first at the head. */
  bitrates: readonly number[];
};

/** The seed's reciter: edition 0 of GET /api/quran/surah/{n} (QURAN_EDITION_IDS[0]) when no other is asked for. */
export const DEFAULT_RECITER: QuranReciter = {
  identifier: 'ar.hudhaify',
  name: 'علي بن عبدالرحمن الحذيفي',
  englishName: 'Hudhaify',
  label: 'Ali al-Hudhaify',
  bitrates: [128, 64, 32],
};

export const QURAN_RECITERS: readonly QuranReciter[] = [
  DEFAULT_RECITER,
  {
    identifier: 'ar.alafasy',
    name: 'مشاري العفاسي',
    englishName: 'Alafasy',
    label: 'Mishary Rashid Alafasy',
    bitrates: [128, 64],
  },
  {
    identifier: 'ar.husary',
    name: 'محمود خليل الحصري',
    englishName: 'Husary',
    label: 'Mahmoud Khalil al-Husary',
    bitrates: [128, 64],
  },
  {
    identifier: 'ar.husarymujawwad',
    name: 'محمود خليل الحصري (المجود)',
    englishName: 'Husary (Mujawwad)',
    label: 'Mahmoud Khalil al-Husary (mujawwad)',
    bitrates: [128, 64],
  },
  {
    identifier: 'ar.minshawi',
    name: 'محمد صديق المنشاوي',
    englishName: 'Minshawi',
    label: 'Muhammad Siddiq al-Minshawi',
    bitrates: [128],
  },
  {
    identifier: 'ar.abdulbasitmurattal',
    name: 'عبد الباسط عبد الصمد المرتل',
    englishName: 'Abdul Basit',
    label: 'Abdul Basit Abdul Samad (murattal)',
    bitrates: [192, 64],
  },
  {
    identifier: 'ar.mahermuaiqly',
    name: 'ماهر المعيقلي',
    englishName: 'Maher Al Muaiqly',
    label: 'Maher al-Muaiqly',
    bitrates: [128, 64],
  },
  {
    identifier: 'ar.abdurrahmaansudais',
    name: 'عبدالرحمن السديس',
    englishName: 'Abdurrahmaan As-Sudais',
    label: 'Abdurrahman as-Sudais',
    bitrates: [192, 64],
  },
  {
    identifier: 'ar.saoodshuraym',
    name: 'سعود الشريم',
    englishName: 'Saood bin Ibraaheem Ash-Shuraym',
    label: 'Saoud ash-Shuraim',
    bitrates: [64],
  },
  {
    identifier: 'ar.shaatree',
    name: 'أبو بكر الشاطري',
    englishName: 'Abu Bakr Ash-Shaatree',
    label: 'Abu Bakr ash-Shatri',
    bitrates: [128, 64],
  },
  {
    identifier: 'ar.ahmedajamy',
    name: 'أحمد بن علي العجمي',
    englishName: 'Ahmed ibn Ali al-Ajamy',
    label: 'Ahmad al-Ajmi',
    bitrates: [128, 64],
  },
  {
    identifier: 'ar.muhammadayyoub',
    name: 'محمد أيوب',
    englishName: 'Muhammad Ayyoub',
    label: 'Muhammad Ayyub',
    bitrates: [128],
  },
  {
    identifier: 'ar.muhammadjibreel',
    name: 'محمد جبريل',
    englishName: 'Muhammad Jibreel',
    label: 'Muhammad Jibril',
    bitrates: [128],
  },
  {
    identifier: 'ar.abdullahbasfar',
    name: 'عبد الله بصفر',
    englishName: 'Abdullah Basfar',
    label: 'Abdullah Basfar',
    bitrates: [192, 64, 32],
  },
  {
    identifier: 'ar.hanirifai',
    name: 'هاني الرفاعي',
    englishName: 'Hani Rifai',
    label: 'Hani ar-Rifai',
    bitrates: [192, 64],
  },
];

/** The French voice (edition 2): Youssouf Leclerc reading Hamidullah's translation; the host has it at 128 only. */
export const FRENCH_VOICE: QuranReciter = {
  identifier: 'fr.leclerc',
  name: 'Youssouf Leclerc',
  englishName: 'Youssouf Leclerc',
  label: 'Youssouf Leclerc',
  bitrates: [128],
};

export function reciterById(identifier: string): QuranReciter | undefined {
  return identifier === FRENCH_VOICE.identifier
    ? FRENCH_VOICE
    : QURAN_RECITERS.find((reciter) => reciter.identifier === identifier);
}

// The word lists the dense features read (models/inkprint-wordlists.json, written by ml/inkprint_ml/features.py).
// Pure: the engine loads the file and passes its JSON in.
export interface WordLists {
  functionWords: ReadonlySet<string>;
  aiWords: ReadonlySet<string>;
  transitions: ReadonlySet<string>;
  informalWords: ReadonlySet<string>;
  firstPerson: ReadonlySet<string>;
  secondPerson: ReadonlySet<string>;
}

const WORDLIST_KEYS = {
  functionWords: 'function_words',
  aiWords: 'ai_words',
  transitions: 'transitions',
  informalWords: 'informal_words',
  firstPerson: 'first_person',
  secondPerson: 'second_person',
} as const;

/** Parse the JSON of models/inkprint-wordlists.json; throws with the missing key's name when malformed. */
export function parseWordLists(raw: unknown): WordLists {
  if (typeof raw !== 'object' || raw === null) throw new Error('word lists: expected a JSON object');
  const obj = raw as Record<string, unknown>;
  const out: Partial<Record<keyof WordLists, ReadonlySet<string>>> = {};
  for (const [key, jsonKey] of Object.entries(WORDLIST_KEYS) as [keyof WordLists, string][]) {
    const list = obj[jsonKey];
    if (!Array.isArray(list) || !list.every((w) => typeof w === 'string')) {
      throw new Error(`word lists: "${jsonKey}" must be an array of strings`);
    }
    out[key] = new Set(list as string[]);
  }
  return out as WordLists;
}

export const EMPTY_WORD_LISTS: WordLists = {
  functionWords: new Set(),
  aiWords: new Set(),
  transitions: new Set(),
  informalWords: new Set(),
  firstPerson: new Set(),
  secondPerson: new Set(),
};

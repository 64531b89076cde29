/** wink-porter2-stemmer 2 (it ships no types): the Porter2 (Snowball English) stem of a word. */
declare module 'wink-porter2-stemmer' {
  function stem(word: string): string;
  export = stem;
}

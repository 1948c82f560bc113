// A count with its noun, the same in every face: "1 mention", "3 mentions", "1 person".

/** `count` and the noun in the number it takes; `plural` for nouns that do not just add an s. */
export function countLabel(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

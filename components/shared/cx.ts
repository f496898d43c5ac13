/** Joins truthy class names. */
export function cx(...parts: (string | false | null | undefined)[]): string {
  return parts.filter(Boolean).join(' ');
}

/** First image of a list, or null. */
export function firstImage<T extends { url: string }>(images: T[] | null | undefined): T | null {
  return images && images.length > 0 ? images[0] : null;
}

/**
 * What a key pressed in the country search does (the WAI-ARIA combobox pattern), with `count`
 * options listed and the one at `active` highlighted: the index to highlight next (the arrows wrap
 * at both ends, Home and End jump; -1 when nothing is listed), 'pick' the highlighted one (Enter),
 * 'close' the picker (Escape), or null for a key that types into the search as usual.
 */
export function searchKey(key: string, active: number, count: number): number | 'pick' | 'close' | null {
  const wrap = (index: number) => (count === 0 ? -1 : (index + count) % count);
  switch (key) {
    case 'ArrowDown':
      return wrap(active + 1);
    case 'ArrowUp':
      return wrap(active - 1);
    case 'Home':
      return wrap(0);
    case 'End':
      return wrap(count - 1);
    case 'Enter':
      return 'pick';
    case 'Escape':
      return 'close';
    default:
      return null;
  }
}

import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { VoiceName } from '../../../core/contracts/greetings';

const COLUMNS = 4;

/**
 * The voice menu's keyboard and pointer behaviour (WAI-ARIA menu pattern with radio items, in a
 * 4-column grid): focus goes to the chosen voice on opening, arrows move, Home/End jump, Escape
 * closes and gives focus back to the trigger, Tab and a click outside close.
 */
export function useVoiceMenu({ voices, voice, menuOpen, onCloseMenu }: { voices: readonly { name: VoiceName }[]; voice: VoiceName; menuOpen: boolean; onCloseMenu: () => void }) {
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    if (!menuOpen) return;
    // Focus goes to the chosen voice when the menu opens (menu pattern).
    itemRefs.current[voices.findIndex((option) => option.name === voice)]?.focus();
    // A click outside closes the menu.
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) onCloseMenu();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
    // Only when the menu opens or closes, not when the chosen voice changes while it is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [menuOpen]);

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const focused = itemRefs.current.findIndex((item) => item === document.activeElement);
    const move: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: COLUMNS, ArrowUp: -COLUMNS };
    if (event.key in move) {
      event.preventDefault();
      const next = (focused + (move[event.key] ?? 0) + voices.length) % voices.length;
      itemRefs.current[next]?.focus();
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      itemRefs.current[event.key === 'Home' ? 0 : voices.length - 1]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onCloseMenu();
      triggerRef.current?.focus();
    } else if (event.key === 'Tab') {
      onCloseMenu();
    }
  }

  return { rootRef, triggerRef, itemRefs, onMenuKeyDown };
}

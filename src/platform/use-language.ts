import { useSelector } from '@xstate/react';
import type { Language } from '../../core/routes/languages';
import { appActor } from './app-actor';

/** The page language: the app chart's, which its address carries (SPEC §3). */
export function useLanguage(): Language {
  return useSelector(appActor(), (snapshot) => snapshot.context.lng);
}

import { useLocation } from 'wouter';
import { detectLanguage, isLanguage, type Language } from './languages';

/** The page language: the first path segment when it is one, else the stored or browser language. */
export function useLanguage(): Language {
  const [location] = useLocation();
  const first = location.split('/')[1];
  return isLanguage(first) ? first : detectLanguage();
}

import type { VoiceName } from '../../core/contracts/greetings';
import { voicePresets, type VoicePreset } from './voices';

const skinTones = ['#f6d7c3', '#eec1a0', '#d9a27c', '#b97b55', '#8d5a3b', '#5f3b26'] as const;
const hairTones = ['#2b1d16', '#4a3123', '#7a4b2a', '#a86b3c', '#d9b26f', '#3a3a3a'] as const;

/**
 * Draws a voice's avatar: a round badge in the voice's own hue with a head, shoulders and a hair
 * style, so the 17 voices are told apart at 32 px by colour and shape, not by the name alone. The
 * SVG carries a <title> for assistive technology; the page also gives the <img> its alt text.
 */
export function drawAvatar(voice: VoiceName): string {
  const preset = voicePresets[voice];
  const { hue, skin } = preset.look;
  const label = voice.charAt(0).toUpperCase() + voice.slice(1);
  const skinColour = skinTones[skin % skinTones.length] ?? skinTones[0];
  const hairColour = hairTones[(hue + skin) % hairTones.length] ?? hairTones[0];
  const background = `hsl(${hue} 62% 88%)`;
  const ring = `hsl(${hue} 55% 42%)`;
  const shirt = `hsl(${(hue + 180) % 360} 45% 45%)`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" role="img" aria-labelledby="t">`,
    `<title id="t">${label}</title>`,
    `<defs><clipPath id="c"><circle cx="32" cy="32" r="30"/></clipPath></defs>`,
    `<circle cx="32" cy="32" r="31" fill="${background}" stroke="${ring}" stroke-width="2"/>`,
    `<g clip-path="url(#c)">`,
    `<path d="M10 64c1-13 10-20 22-20s21 7 22 20z" fill="${shirt}"/>`,
    `<rect x="27" y="36" width="10" height="10" rx="4" fill="${skinColour}"/>`,
    hairBack(preset, hairColour),
    `<ellipse cx="32" cy="28" rx="11" ry="13" fill="${skinColour}"/>`,
    hairFront(preset, hairColour),
    `<circle cx="28" cy="28" r="1.3" fill="#2a1c14"/><circle cx="36" cy="28" r="1.3" fill="#2a1c14"/>`,
    `<path d="M28.5 34c2 1.6 5 1.6 7 0" stroke="#7a3b2e" stroke-width="1.3" fill="none" stroke-linecap="round"/>`,
    `</g>`,
    `</svg>`,
  ].join('');
}

function hairBack(preset: VoicePreset, colour: string): string {
  switch (preset.look.hair) {
    case 'long':
      return `<path d="M19 28c0-11 6-17 13-17s13 6 13 17v20H19z" fill="${colour}"/>`;
    case 'wavy':
      return `<path d="M18 30c0-12 6-19 14-19s14 7 14 19c0 6 2 10 0 14-3-2-5 0-7-2H25c-2 2-4 0-7 2-2-4 0-8 0-14z" fill="${colour}"/>`;
    case 'bob':
      return `<path d="M19 27c0-10 6-16 13-16s13 6 13 16v12H19z" fill="${colour}"/>`;
    default:
      return '';
  }
}

function hairFront(preset: VoicePreset, colour: string): string {
  switch (preset.look.hair) {
    case 'short':
      return `<path d="M21 25c0-8 5-12 11-12s11 4 11 12c-3-4-7-5-11-5s-8 1-11 5z" fill="${colour}"/>`;
    case 'curly':
      return `<g fill="${colour}"><circle cx="23" cy="20" r="4.5"/><circle cx="29" cy="16" r="4.5"/><circle cx="35" cy="16" r="4.5"/><circle cx="41" cy="20" r="4.5"/><circle cx="21.5" cy="25" r="3"/><circle cx="42.5" cy="25" r="3"/></g>`;
    case 'bun':
      return `<g fill="${colour}"><circle cx="32" cy="11" r="5"/><path d="M21 26c0-8 5-12 11-12s11 4 11 12c-2-5-6-7-11-7s-9 2-11 7z"/></g>`;
    case 'beard':
      return `<g fill="${colour}"><path d="M21 24c0-7 5-11 11-11s11 4 11 11c-3-3-7-4-11-4s-8 1-11 4z"/><path d="M21 29c1 9 5 13 11 13s10-4 11-13c-2 4-5 5-11 5s-9-1-11-5z"/></g>`;
    case 'bald':
      return `<path d="M21 27c0-2 0-4 1-5h-1c-1 2-1 4 0 6zM43 27c0-2 0-4-1-5h1c1 2 1 4 0 6z" fill="${colour}"/>`;
    case 'long':
    case 'wavy':
    case 'bob':
      return `<path d="M21 26c1-8 5-12 11-12s10 4 11 12c-4-2-8-6-10-9-2 4-7 8-12 9z" fill="${colour}"/>`;
  }
}

import { useEffect, useState } from 'react';
import { defaultCountryCode } from '../../lib/countries';
import { loadPhoneFormat, phoneFormat } from '../../ui/phone-input/phone-format.lazy';

/** The parts of a signed-in user a page names them by. */
interface Named {
  email?: string | null | undefined;
  /** GoTrue's phone: E.164 digits, with or without the '+'. */
  phone?: string | null | undefined;
}

/**
 * How a page names the person signed in ("Signed in as …"): their email, else their phone number
 * written for a human (core/phone/display.ts: "(303) 767-7071" for a reader in the US, "+1 303 767
 * 7071" elsewhere), never raw E.164. The formatter is a chunk of its own (phone-format.lazy): until
 * it arrives, the number is shown as stored.
 */
export function useSignedInName(user: Named | null | undefined): string {
  // The stored spelling (core/phone/spelling.ts storedPhone) written out: this runs in the sign-in
  // page's first render, where the shared spelling chunk cost 0.2 KB (#27.2).
  const phone = user?.phone ? `+${user.phone.replace(/^\+/, '')}` : null;
  const needsFormatter = !user?.email && phone !== null;
  const [, setLoaded] = useState(() => phoneFormat() !== undefined);
  useEffect(() => {
    if (!needsFormatter || phoneFormat()) return;
    let active = true;
    void loadPhoneFormat().then(
      () => active && setLoaded(true),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [needsFormatter]);
  if (user?.email) return user.email;
  if (!phone) return '';
  return phoneFormat()?.formatPhone(phone, defaultCountryCode()) ?? phone;
}

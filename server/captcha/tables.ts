export interface CaptchaSpentTable {
  /** The challenge's signature (ALTCHA) or a hash of the hosted provider's token. */
  key: string;
  /** What it was spent on (`auth`, or another capability's own scope such as `greetings`). */
  scope: string;
  /** When the challenge or token would have expired: the row is kept until then. */
  expires_at: Date;
}

export interface CaptchaTables {
  captcha_spent: CaptchaSpentTable;
}

/*
 * The contract's schemas speak English to the server's logs and the API's answers; on screen each of
 * their messages is shown in the person's language through this table (a message not in it is shown as
 * it is).
 */
/** The contract's validation messages (English, as zod reports them) and their key in `common:validation`. */
export const VALIDATION_KEYS: Record<string, string> = {
  'is required': 'required',
  'must be the 6-digit code': 'sixDigitCode',
  'must be the 6-digit code of the authenticator app': 'authenticatorCode',
  'must be at most 128 characters': 'max128',
  'must have at least 12 characters': 'min12',
  'must be at most 20 characters': 'max20',
  'must be at least 8 characters': 'min8',
  'must be at least 4 characters': 'min4',
  'must be at least 2 characters': 'min2',
  'must be an international number such as +447911123456': 'internationalNumber',
  'must be a valid email address': 'email',
  'must be a two-letter country code': 'countryCode',
  'must be a positive whole number': 'positiveWhole',
  'must be a plain decimal string': 'decimal',
  'must be a decimal amount such as 0.002': 'decimalAmount',
  'must be a contract address (0x and 40 hex digits)': 'contractAddress',
  'must be a SWIFT/BIC code of 8 or 11 characters': 'swift',
  'must be 4 to 34 letters or digits': 'accountNumber',
  'must be 4 to 30 letters, digits or dashes': 'reference',
  'must be 4 to 16 letters or digits': 'routing',
  'must be 2 to 12 letters, digits, spaces or dashes': 'postcode',
  'may hold letters, digits, spaces, - and _': 'label',
  'must be an 11-character IFSC code such as HDFC0001234': 'ifsc',
  'send either a code or a passkey': 'codeOrPasskey',
};

/** English strings of the kyc screens (the source language: every other locale mirrors these keys). */
export default {};

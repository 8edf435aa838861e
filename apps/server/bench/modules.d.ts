// autocannon ships no types; the bench casts what it uses.
declare module 'autocannon';

/** "Now", injectable so tests can move time; the mailer never reads the wall clock directly. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

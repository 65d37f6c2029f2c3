/**
 * The zone picker's code, one hop away: the chunk that imports a module lists every chunk that module
 * needs, to preload them (Mantine's Select needs many), and the newsletter box is on the home page,
 * whose first JavaScript has no room for that list. This small module carries it instead.
 */
export const loadTimeZoneSelect = () => import('./time-zone-select').then((module) => module.TimeZoneSelect);

// The area's screens load as one chunk: every lazy chunk adds its file names to the entry's preload map, which
// counts against the home route's budget (bench/page-weight.ts).
export { HongbaoPage } from './hongbao-page';
export { WelfarePage } from './welfare-page';

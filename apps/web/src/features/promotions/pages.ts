// The area's screens load as one chunk (/activity apart, app/routes.tsx): every lazy chunk adds its file names to the entry's preload map, which
// counts against the home route's budget (bench/page-weight.ts).
export { ActivityInfoPage } from './activity-info-page';
export { ActivityRecordPage } from './activity-record-page';

// Account screens pushed from the Account tab; the route table loads them from here.
export { SettingsPage } from './SettingsPage.tsx';

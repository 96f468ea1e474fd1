// Moved to components/ (Labs and Billing use it too); this path stays for the screens that
// still import it from here.
export { AccountBreadcrumbs } from '../../components/account-breadcrumbs';

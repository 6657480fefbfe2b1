// Public workshops (docs/domain.md, "Broadcasting to visitors"): the page where a visitor, signed in or not, watches a public workshop's broadcast.
export { publicWorkshopRoutes } from './routes';

import { ResourcePage } from '../../shared/resources/resource-page';
import * as specs from './specs';

// One screen per resource, each the generic page over its spec (split by route with the rest of the console).
export const BannersPage = () => <ResourcePage spec={specs.banners} />;
export const NoticesPage = () => <ResourcePage spec={specs.notices} />;
export const CannedRepliesPage = () => <ResourcePage spec={specs.cannedReplies} />;
export const VenuesPage = () => <ResourcePage spec={specs.venues} />;
export const GamesPage = () => <ResourcePage spec={specs.games} />;
export const PromotionTypesPage = () => <ResourcePage spec={specs.promotionTypes} />;
export const PromotionsPage = () => <ResourcePage spec={specs.promotions} />;
export const ArticlesPage = () => <ResourcePage spec={specs.articles} />;
export const VipLevelsPage = () => <ResourcePage spec={specs.vipLevels} />;
export const RedpacketRulesPage = () => <ResourcePage spec={specs.redpacketRules} />;
export const ReceivingAccountsPage = () => <ResourcePage spec={specs.receivingAccounts} />;
export const GatewaysPage = () => <ResourcePage spec={specs.gateways} />;
export const PayWaysPage = () => <ResourcePage spec={specs.payWays} />;

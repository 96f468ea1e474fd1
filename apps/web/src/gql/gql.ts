/* eslint-disable */
import * as types from './graphql';



/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "query GetMessageReadStates($customerId: ID!) {\n  providerMessages(customerId: $customerId) {\n    id\n    read\n  }\n}\n": typeof types.GetMessageReadStatesDocument,
    "query GetCustomerData {\n  customer {\n    id\n    short_id\n    full_name\n    first_name\n    last_name\n    preferred_name\n    phone\n    dob\n    sex\n    gender\n    email\n    created_at\n    time_zone\n    shippingAddresses {\n      id\n      address_type\n      street_address1\n      street_address2\n      city\n      state\n      state_code\n      zip_code\n    }\n    tags {\n      name\n    }\n    contracts {\n      id\n      status\n    }\n    subscriptions {\n      id\n      status\n    }\n  }\n}\n": typeof types.GetCustomerDataDocument,
    "query GetFeatureFlags {\n  featureFlags {\n    name\n    enabled\n  }\n}\n": typeof types.GetFeatureFlagsDocument,
};
const documents: Documents = {
    "query GetMessageReadStates($customerId: ID!) {\n  providerMessages(customerId: $customerId) {\n    id\n    read\n  }\n}\n": types.GetMessageReadStatesDocument,
    "query GetCustomerData {\n  customer {\n    id\n    short_id\n    full_name\n    first_name\n    last_name\n    preferred_name\n    phone\n    dob\n    sex\n    gender\n    email\n    created_at\n    time_zone\n    shippingAddresses {\n      id\n      address_type\n      street_address1\n      street_address2\n      city\n      state\n      state_code\n      zip_code\n    }\n    tags {\n      name\n    }\n    contracts {\n      id\n      status\n    }\n    subscriptions {\n      id\n      status\n    }\n  }\n}\n": types.GetCustomerDataDocument,
    "query GetFeatureFlags {\n  featureFlags {\n    name\n    enabled\n  }\n}\n": types.GetFeatureFlagsDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GetMessageReadStates($customerId: ID!) {\n  providerMessages(customerId: $customerId) {\n    id\n    read\n  }\n}\n"): typeof import('./graphql').GetMessageReadStatesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GetCustomerData {\n  customer {\n    id\n    short_id\n    full_name\n    first_name\n    last_name\n    preferred_name\n    phone\n    dob\n    sex\n    gender\n    email\n    created_at\n    time_zone\n    shippingAddresses {\n      id\n      address_type\n      street_address1\n      street_address2\n      city\n      state\n      state_code\n      zip_code\n    }\n    tags {\n      name\n    }\n    contracts {\n      id\n      status\n    }\n    subscriptions {\n      id\n      status\n    }\n  }\n}\n"): typeof import('./graphql').GetCustomerDataDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GetFeatureFlags {\n  featureFlags {\n    name\n    enabled\n  }\n}\n"): typeof import('./graphql').GetFeatureFlagsDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type GetMessageReadStatesQueryVariables = Exact<{
  customerId: string;
}>;


export type GetMessageReadStatesQuery = { providerMessages: Array<{ id: string, read: boolean }> };

export type GetCustomerDataQueryVariables = Exact<{ [key: string]: never; }>;


export type GetCustomerDataQuery = { customer: { id: string, short_id: string, full_name: string, first_name: string, last_name: string, preferred_name: string | null, phone: string | null, dob: string | null, sex: string | null, gender: string | null, email: string, created_at: string, time_zone: string, shippingAddresses: Array<{ id: string, address_type: string, street_address1: string, street_address2: string | null, city: string, state: string, state_code: string, zip_code: string }>, tags: Array<{ name: string }>, contracts: Array<{ id: string, status: string }>, subscriptions: Array<{ id: string, status: string }> } | null };

export type GetFeatureFlagsQueryVariables = Exact<{ [key: string]: never; }>;


export type GetFeatureFlagsQuery = { featureFlags: Array<{ name: string, enabled: boolean }> };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}

export const GetMessageReadStatesDocument = new TypedDocumentString(`
    query GetMessageReadStates($customerId: ID!) {
  providerMessages(customerId: $customerId) {
    id
    read
  }
}
    `, {"hash":"sha256:0aad1bd193a4075e648d0a77674be48ad2f040950270b1fe5fd183eea4c2eea8"}) as unknown as TypedDocumentString<GetMessageReadStatesQuery, GetMessageReadStatesQueryVariables>;
export const GetCustomerDataDocument = new TypedDocumentString(`
    query GetCustomerData {
  customer {
    id
    short_id
    full_name
    first_name
    last_name
    preferred_name
    phone
    dob
    sex
    gender
    email
    created_at
    time_zone
    shippingAddresses {
      id
      address_type
      street_address1
      street_address2
      city
      state
      state_code
      zip_code
    }
    tags {
      name
    }
    contracts {
      id
      status
    }
    subscriptions {
      id
      status
    }
  }
}
    `, {"hash":"sha256:463b7713bd4023ab778712920484af9abbf0dca78259c774674932ec72b66457"}) as unknown as TypedDocumentString<GetCustomerDataQuery, GetCustomerDataQueryVariables>;
export const GetFeatureFlagsDocument = new TypedDocumentString(`
    query GetFeatureFlags {
  featureFlags {
    name
    enabled
  }
}
    `, {"hash":"sha256:92cc44d577c8abd79fdb879c566d42a6a881523072ba1cacbbfdbba984f526e5"}) as unknown as TypedDocumentString<GetFeatureFlagsQuery, GetFeatureFlagsQueryVariables>;
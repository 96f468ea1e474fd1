import {
  CUSTOMER_UPLOAD_CATEGORIES,
  FILE_CATEGORIES,
  signedDownloadArgsSchema,
  signedUploadArgsSchema,
} from '@portal/domain';
import { builder } from '../../graphql/builder';
import { parseArgs, requireCustomer } from '../../graphql/guards';
import type { SignedUploadAnswer, SignedUrlAnswer } from './service';
import type { FileService } from './service';

declare module '../../graphql/context' {
  interface Services {
    files: FileService;
  }
}

export const FileCategoryEnum = builder.enumType('FileCategory', {
  description: 'Spec 02 section 3: document categories; lab results are LabResult.',
  values: FILE_CATEGORIES,
});

const UploadCategoryEnum = builder.enumType('UploadCategory', {
  description: 'The categories a customer may upload to.',
  values: CUSTOMER_UPLOAD_CATEGORIES,
});

const SignedDownloadUrl = builder.objectRef<SignedUrlAnswer>('SignedDownloadUrl').implement({
  description:
    'Spec 02 section 7: downloadUrl (valid 5 minutes, for this customer only) or errorMessage; ' +
    'the web shows C105 when errorMessage is set or the download fails.',
  fields: (t) => ({
    downloadUrl: t.string({
      nullable: true,
      resolve: (a) => ('downloadUrl' in a ? a.downloadUrl : null),
    }),
    errorMessage: t.string({
      nullable: true,
      resolve: (a) => ('errorMessage' in a ? a.errorMessage : null),
    }),
  }),
});

const SignedUploadUrl = builder.objectRef<SignedUploadAnswer>('SignedUploadUrl').implement({
  description:
    'uploadUrl (valid 5 minutes): PUT the file there as the request body; or errorMessage.',
  fields: (t) => ({
    uploadUrl: t.string({
      nullable: true,
      resolve: (a) => ('uploadUrl' in a ? a.uploadUrl : null),
    }),
    errorMessage: t.string({
      nullable: true,
      resolve: (a) => ('errorMessage' in a ? a.errorMessage : null),
    }),
  }),
});

builder.queryField('signedDownloadUrl', (t) =>
  t.field({
    type: SignedDownloadUrl,
    description:
      "GetSignedDownloadUrl {fileName, category}: a signed URL to the signed-in customer's own " +
      'file of that name; errorMessage when there is none.',
    authScopes: { customer: true },
    args: {
      fileName: t.arg.string({ required: true }),
      category: t.arg({ type: FileCategoryEnum, required: true }),
    },
    resolve: (_root, args, ctx) => {
      const customerId = requireCustomer(ctx);
      const parsed = parseArgs(signedDownloadArgsSchema, args);
      return ctx.services.files.signedDownloadUrl(customerId, parsed, ctx.actor);
    },
  }),
);

builder.queryField('signedDownloadUrlFromUri', (t) =>
  t.field({
    type: SignedDownloadUrl,
    description:
      'The signed download URL from a uri (a lab document uri, documents/<category>/<file ' +
      "name>); errorMessage when the uri names none of the customer's files.",
    authScopes: { customer: true },
    args: { uri: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) =>
      ctx.services.files.signedDownloadUrlFromUri(
        requireCustomer(ctx),
        args.uri.slice(0, 500),
        ctx.actor,
      ),
  }),
);

builder.queryField('signedUploadUrl', (t) =>
  t.field({
    type: SignedUploadUrl,
    description: 'Spec 02 section 7: signed upload URL {category, fileName}.',
    authScopes: { customer: true },
    args: {
      category: t.arg({ type: UploadCategoryEnum, required: true }),
      fileName: t.arg.string({ required: true }),
    },
    resolve: (_root, args, ctx) => {
      const customerId = requireCustomer(ctx);
      const parsed = parseArgs(signedUploadArgsSchema, args);
      return ctx.services.files.signedUploadUrl(customerId, parsed, ctx.actor);
    },
  }),
);

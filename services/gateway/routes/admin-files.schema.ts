/**
 * The admin portal's file transfer takes the same query as the REST one: POST /admin/api/files?filename=
 * (a raw body's name; a multipart part names itself), GET /admin/api/files/download?fileRef=.
 */
export {
  downloadQuerySchema as adminDownloadQuerySchema,
  uploadQuerySchema as adminUploadQuerySchema,
} from './files.schema';

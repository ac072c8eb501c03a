/** A CodeError (core/codes.js) of an assignment link or a result code, in the page's words. */
import { t } from './i18n.js';
import { ASSIGNMENT_TAG, RESULT_TAG } from './assignment.js';

/**
 * What went wrong with a code that should have been an assignment ('assignment') or a result ('result').
 * @param {any} err what was thrown: a CodeError, or anything else (then "bad code")
 * @param {'assignment' | 'result'} kind
 */
export function codeErrorText(err, kind) {
  const tag = kind === 'assignment' ? ASSIGNMENT_TAG : RESULT_TAG;
  switch (err?.code) {
    case 'BAD_VERSION': return t(err.detail.older ? 'codeOlder' : 'codeNewer', { tag, version: err.detail.version });
    case 'WRONG_KIND': return t(kind === 'assignment' ? 'codeWrongAssignment' : 'codeWrongResult', { tag: err.detail.tag });
    case 'NO_DEFLATE': return t('codeNoDeflate');
    case 'BAD_FIELD': return t(err.detail.field === 'counts' ? 'codeBadCount' : 'codeBadTime');
    case 'TOO_LONG': return t('codeTooLong', err.detail);
    case 'TOO_MANY_ITEMS': return t(kind === 'assignment' ? 'codeTooManyAssignment' : 'codeTooManyResult', err.detail);
    default: return t(kind === 'assignment' ? 'codeBadAssignment' : 'codeBadResult');
  }
}

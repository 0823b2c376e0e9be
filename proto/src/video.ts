import { z } from 'zod';
import { PageCursor, PageInfo, pageQuery } from './paging.js';
import { plainText } from './text.js';
import { BodyRowId, RowId } from './row-id.js';

/** Spec: videos up to 2 GB, MP4, MPEG, MOV or AVI. */
export const VIDEO_MAX_BYTES = 2 * 1024 * 1024 * 1024;
export const VIDEO_KINDS = ['mp4', 'mov', 'mpeg', 'avi'] as const;

export const ANALYSIS_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export const AnalysisStatus = z.enum(ANALYSIS_STATUSES);
export type AnalysisStatus = z.infer<typeof AnalysisStatus>;

export const LinkedSop = z.object({ sopId: z.number().int(), sopTitle: z.string() });
export type LinkedSop = z.infer<typeof LinkedSop>;

/** A linked SOP as an upload names it: a row id a query can look up, a title of bounded length. */
export const LinkedSopChoice = LinkedSop.extend({
  sopId: BodyRowId,
  sopTitle: z.string().max(500),
});

export const Video = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  s3Key: z.string(),
  fileName: z.string(),
  fileSize: z.number().int(),
  recordedAt: z.string(),
  uploadedAt: z.string(),
  uploadedBy: z.number().int(),
  durationSeconds: z.number().nullable(),
  analysisStatus: AnalysisStatus,
  analysisError: z.string().nullable(),
  /** Frames analysed so far of the total, while processing. */
  progress: z.object({ current: z.number().int(), total: z.number().int() }).nullable(),
  linkedSOPs: z.array(z.number().int()),
  linkedSopTitles: z.array(LinkedSop),
  detectedOperators: z.number().int().nullable(),
  identifiedOperators: z.number().int().nullable(),
  identificationRate: z.number().nullable(),
  analyzedAt: z.string().nullable(),
});
export type Video = z.infer<typeof Video>;

export const TimeRange = z.object({ start: z.number(), end: z.number() });

/**
 * The sampled frames a face was seen in, by index (0 is the first; one each 1/samplingFps
 * seconds), ascending: two faces of one frame are two people, which their time ranges cannot tell
 * from one person seen with a gap. Absent in reports written before it was; a review of their
 * faces is not checked against it.
 */
const SampleFrames = z.array(z.number().int().nonnegative());

/** A supervisor's word on a face of a report: who and when, kept with the report. */
export const FaceReviewMark = z.object({
  decision: z.enum(['confirmed', 'named']),
  by: z.number().int(),
  byName: z.string(),
  at: z.string(),
});
export type FaceReviewMark = z.infer<typeof FaceReviewMark>;

/** A face a supervisor named as a member already seen in the video, merged into their entry. */
export const MergedFace = z.object({
  faceId: z.string(),
  appearances: z.array(TimeRange),
  frames: SampleFrames.optional(),
});
export type MergedFace = z.infer<typeof MergedFace>;

export const IdentifiedOperator = z.object({
  /** Names this face within its report, whatever list a review moves it to. */
  faceId: z.string().optional(),
  userId: z.number().int(),
  name: z.string(),
  /** Smallest face distance seen; lower is surer. Null for a face a supervisor named. */
  distance: z.number().nullable(),
  /** Where the entry's own face and the faces merged into it were seen. */
  appearances: z.array(TimeRange),
  /** The entry's own face's frames; each merged face has its own. */
  frames: SampleFrames.optional(),
  review: FaceReviewMark.optional(),
  /** The faces named into this entry: a rejection of the entry makes each unknown again. */
  mergedFaces: z.array(MergedFace).optional(),
});
export type IdentifiedOperator = z.infer<typeof IdentifiedOperator>;

/** Someone a supervisor said this face is not ("not this person"). */
export const RejectedMatch = z.object({
  userId: z.number().int(),
  name: z.string(),
  by: z.number().int(),
  byName: z.string(),
  at: z.string(),
});

/** The organization's group of unknown faces a face belongs to ("Unknown person 3"). */
export const UnknownPersonRef = z.object({
  id: z.number().int(),
  /** Clients word the label from it; absent in reports stored before it was written. */
  number: z.number().int().optional(),
  /** In English, for API clients: "Unknown person 3". */
  label: z.string(),
});
export type UnknownPersonRef = z.infer<typeof UnknownPersonRef>;

export const UnidentifiedPerson = z.object({
  faceId: z.string().optional(),
  appearances: z.array(TimeRange),
  frames: SampleFrames.optional(),
  /** Matches a supervisor rejected: the face is nobody of them. */
  rejected: z.array(RejectedMatch).optional(),
  /** The unknown person this face was grouped with, across the organization's videos. */
  unknownPerson: UnknownPersonRef.optional(),
});
export type UnidentifiedPerson = z.infer<typeof UnidentifiedPerson>;

export const StepFinding = z.object({
  step: z.string(),
  observed: z.boolean().nullable(),
  timestamps: z.array(z.number()),
  remarks: z.string(),
});

export const SopFindings = z.object({
  sopId: z.number().int(),
  sopTitle: z.string(),
  steps: z.array(StepFinding),
  summary: z.string(),
});
export type SopFindings = z.infer<typeof SopFindings>;

/** Someone whose profile picture was still being enrolled when the analysis started. */
export const NotYetEnrolled = z.object({ userId: z.number().int(), name: z.string() });
export type NotYetEnrolled = z.infer<typeof NotYetEnrolled>;

export const AnalysisReport = z.object({
  durationSeconds: z.number(),
  framesAnalysed: z.number().int(),
  samplingFps: z.number(),
  matchThreshold: z.number(),
  detectedOperators: z.number().int(),
  identifiedOperators: z.array(IdentifiedOperator),
  unidentifiedPeople: z.array(UnidentifiedPerson),
  identificationRate: z.number(),
  /**
   * People of the organization whose face was not yet enrolled when the analysis gave up
   * waiting: they could not be identified, and analysing again once they are names them.
   */
  notYetEnrolled: z.array(NotYetEnrolled).optional(),
  stepAnalysis: z.discriminatedUnion('available', [
    z.object({ available: z.literal(true), model: z.string(), sops: z.array(SopFindings) }),
    z.object({ available: z.literal(false), message: z.string() }),
  ]),
});
export type AnalysisReport = z.infer<typeof AnalysisReport>;

/**
 * Who the analysis saw, in words: 'No people seen' when no face was confirmed (a video of a
 * machine, a sign, a test pattern), else '2 operators detected, 1 identified'. The worker only
 * counts detections confirmed as faces, so 0 means nobody, not nobody recognised.
 */
export function peopleSeenText(
  report: Pick<AnalysisReport, 'detectedOperators' | 'identifiedOperators'>,
): string {
  const detected = report.detectedOperators;
  if (detected === 0) return 'No people seen';
  const operators = `${detected} ${detected === 1 ? 'operator' : 'operators'}`;
  return `${operators} detected, ${report.identifiedOperators.length} identified`;
}

/** One page of the organization's videos, newest first. */
export const VideoList = PageInfo.extend({ videos: z.array(Video) });
export type VideoList = z.infer<typeof VideoList>;

export const VideoListQuery = z.object({
  search: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: PageCursor.optional(),
});

/** An ISO 8601 date, or date and time (with seconds, fraction and offset when given). */
const ISO_DATE_TIME =
  /^(\d{4})-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:\d{2})?)?$/;

/**
 * A recording date as ISO 8601 writes it, in a year PostgreSQL stores: JavaScript's own parse
 * reads "1" as 2001 and "99999-01-01" as a year the database refuses with a 500 after the file.
 */
function isRecordingDate(value: string): boolean {
  const year = ISO_DATE_TIME.exec(value)?.[1];
  return year !== undefined && Number(year) >= 1900 && !Number.isNaN(Date.parse(value));
}

/** A recording's date may be a day ahead of the server's clock: the uploader's zone is not known. */
const RECORDING_DATE_GRACE_MS = 24 * 60 * 60 * 1000;

/** Multipart fields of a video upload, sent before the file. */
export const VideoUploadFields = z.object({
  title: z
    .string({ error: 'Title is required' })
    .overwrite(plainText)
    .trim()
    .min(1, 'Title is required')
    .max(300),
  description: z.string().trim().max(5000).optional().default(''),
  recordingDate: z
    .string({ error: 'Recording date is required' })
    .trim()
    .min(1, 'Recording date is required')
    .refine(isRecordingDate, 'Recording date is not a valid date')
    .refine(
      (value) => Date.parse(value) <= Date.now() + RECORDING_DATE_GRACE_MS,
      'Recording date cannot be in the future',
    ),
  /** JSON list of {sopId, sopTitle}. */
  linkedSops: z.string().max(20_000).optional().default('[]'),
});
export type VideoUploadFields = z.infer<typeof VideoUploadFields>;

export const AnalyzeVideoRequest = z.object({
  linkedSOPs: z.array(BodyRowId).max(20).default([]),
});
export type AnalyzeVideoRequest = z.infer<typeof AnalyzeVideoRequest>;

/**
 * The report a review was made on, by its video's `analyzedAt`: face ids are a run's own, so a
 * review of a report a new analysis replaced since is refused rather than applied to whichever
 * face of the new report has the same id. Optional for older clients.
 */
const ReviewedReport = z.object({ analyzedAt: z.iso.datetime().max(40).optional() });

/** A supervisor's correction of one face of a report. */
export const ReviewFaceRequest = z.discriminatedUnion('decision', [
  ReviewedReport.extend({ decision: z.literal('confirm') }),
  /** "Not this person": the face becomes unidentified. */
  ReviewedReport.extend({ decision: z.literal('reject') }),
  /** An unidentified face is this member. */
  ReviewedReport.extend({ decision: z.literal('name'), userId: BodyRowId }),
]);
export type ReviewFaceRequest = z.infer<typeof ReviewFaceRequest>;

export const FaceIdParams = z.object({
  id: RowId,
  faceId: z
    .string()
    .max(5, 'Unknown face.')
    .regex(/^f\d{1,4}$/, 'Unknown face.'),
});

/** Reference photos a person may have besides the profile picture. */
export const FACE_REFERENCE_LIMIT = 5;

export const FaceReference = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  /** checking: the worker has not answered yet; rejected: kept only to say why. */
  status: z.enum(['checking', 'ready', 'rejected']),
  reason: z.string().nullable(),
  addedAt: z.string(),
});
export type FaceReference = z.infer<typeof FaceReference>;

export const FaceReferenceList = z.object({
  references: z.array(FaceReference),
  limit: z.number().int(),
});
export type FaceReferenceList = z.infer<typeof FaceReferenceList>;

export const FaceReferenceParams = z.object({ referenceId: RowId });
export const MemberFaceReferenceParams = FaceReferenceParams.extend({
  id: RowId,
});

export const VideoWithReport = Video.extend({ report: AnalysisReport.nullable() });
export type VideoWithReport = z.infer<typeof VideoWithReport>;

// Unknown people: faces that matched no member, grouped across the organization's videos

/** An unknown person of the organization: "Unknown person 3: 4 videos, 11 appearances". */
export const UnknownPerson = z.object({
  id: z.number().int(),
  number: z.number().int(),
  label: z.string(),
  videos: z.number().int(),
  /** Stretches of the videos in which the face was seen, all videos together. */
  appearances: z.number().int(),
  /** A crop of the face (JPEG), or null when none could be made. */
  thumbnailUrl: z.string().nullable(),
  /** When the latest video showing them was recorded. */
  lastSeenAt: z.string(),
});
export type UnknownPerson = z.infer<typeof UnknownPerson>;

/** One page of the organization's unknown people, latest seen first. */
export const UnknownPersonList = PageInfo.extend({ people: z.array(UnknownPerson) });
export type UnknownPersonList = z.infer<typeof UnknownPersonList>;

export const UnknownPeopleQuery = pageQuery(50, 200);

/** One face of an unknown person: in which video, when, and its crop. */
export const UnknownAppearance = z.object({
  videoId: z.number().int(),
  videoTitle: z.string(),
  recordedAt: z.string(),
  faceId: z.string(),
  appearances: z.array(TimeRange),
  thumbnailUrl: z.string().nullable(),
});
export type UnknownAppearance = z.infer<typeof UnknownAppearance>;

export const UnknownPersonDetail = UnknownPerson.extend({
  faces: z.array(UnknownAppearance),
});
export type UnknownPersonDetail = z.infer<typeof UnknownPersonDetail>;

export const UnknownPersonParams = z.object({ id: RowId });
export const UnknownFaceParams = z.object({ faceId: RowId });

/** "This is …": every face of the unknown person becomes the member, in every report. */
export const NameUnknownPersonRequest = z.object({ userId: BodyRowId });
export type NameUnknownPersonRequest = z.infer<typeof NameUnknownPersonRequest>;

export const NamedUnknownPerson = z.object({
  message: z.string(),
  userId: z.number().int(),
  /** Faces named in the reports, and the videos they are in. */
  faces: z.number().int(),
  videos: z.number().int(),
  /**
   * Faces that could not be named now (their video being analysed again, or its analysis
   * failed): the person stays listed with them.
   */
  left: z.number().int(),
});
export type NamedUnknownPerson = z.infer<typeof NamedUnknownPerson>;

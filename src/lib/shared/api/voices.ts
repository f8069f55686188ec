/** A saved voice as GET/POST /api/voices and PATCH /api/voices/{id} answer it. */
export interface Voice {
  id: string;
  name: string;
  description: string;
  sample: string;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/voices: the caller's voices, oldest first, and how many they may keep. */
export interface VoiceList {
  success: true;
  voices: Voice[];
  limit: number;
}

/** POST /api/voices (201) and PATCH /api/voices/{id}. */
export interface VoiceAnswer {
  success: true;
  voice: Voice;
}

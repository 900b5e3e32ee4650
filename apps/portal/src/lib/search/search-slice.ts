// The spec's search state (point 3): searchValue, a string, empty by default, with set and clear.
// The header's AI Assist box sets it; the assistant bridge sends it to the chat widget after 1 s.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface SearchState {
  searchValue: string;
}

export const searchSlice = createSlice({
  name: 'search',
  initialState: { searchValue: '' } as SearchState,
  reducers: {
    setSearchValue: (state, action: PayloadAction<string>) => {
      state.searchValue = action.payload;
    },
    clearSearchValue: (state) => {
      state.searchValue = '';
    },
  },
});

export const { setSearchValue, clearSearchValue } = searchSlice.actions;
